import { ApiPaths } from '../../api/contract/values';
import { undeclaredQueryProblem } from '../msw/queryGuard';

// The check every unit test's requests go through (test/setupUnit.ts): the app may send only the query
// parameters the server declares for the route, with values the route accepts.

describe('the query-string guard of the unit suites', () => {
  it('lets through requests without a query string, declared parameters, and paths outside the API', () => {
    expect(undeclaredQueryProblem('GET', `http://localhost${ApiPaths.me}`)).toBeNull();
    expect(undeclaredQueryProblem('GET', `http://localhost${ApiPaths.institutions}?query=chase`)).toBeNull();
    expect(undeclaredQueryProblem('GET', `http://localhost${ApiPaths.search}?query=AAPL&pageNumber=0&pageSize=20`)).toBeNull();
    expect(undeclaredQueryProblem('PUT', `http://localhost${ApiPaths.acatFinalizeOffer}?brokerage=vanguard`)).toBeNull();
    expect(undeclaredQueryProblem('GET', 'http://localhost/login?redirect=%2Fportfolio')).toBeNull();
    expect(undeclaredQueryProblem('GET', 'http://localhost/assets/main.js?v=1')).toBeNull();
  });

  it('names a parameter the route does not declare', () => {
    expect(undeclaredQueryProblem('GET', `http://localhost${ApiPaths.me}?_=123`)).toMatch(/"_".*takes no query parameters/);
    expect(undeclaredQueryProblem('GET', `http://localhost/api/portfolio-x`)).toBeNull();
    expect(undeclaredQueryProblem('GET', `http://localhost/api/accounts/acc-1/portfolio?refresh=1`)).toMatch(/"refresh"/);
    expect(undeclaredQueryProblem('GET', `http://localhost${ApiPaths.institutions}?query=chase&page=2`)).toMatch(
      /"page".*does not declare.*takes query/,
    );
    // The method counts: PUT finalize-offer takes the brokerage only, POST also the email.
    expect(undeclaredQueryProblem('PUT', `http://localhost${ApiPaths.acatFinalizeOffer}?brokerage=vanguard&email=a%40b.co`)).toMatch(
      /"email"/,
    );
    expect(undeclaredQueryProblem('POST', `http://localhost${ApiPaths.acatFinalizeOffer}?brokerage=vanguard&email=a%40b.co`)).toBeNull();
  });

  it('names a declared parameter with a value the route refuses, or one sent twice', () => {
    expect(undeclaredQueryProblem('GET', `http://localhost${ApiPaths.search}?query=AAPL&pageSize=many`)).toMatch(
      /refused by the route's query schema/,
    );
    expect(undeclaredQueryProblem('GET', `http://localhost${ApiPaths.institutions}?query=a&query=b`)).toMatch(/refused/);
    expect(undeclaredQueryProblem('GET', `http://localhost${ApiPaths.withdrawalsAvailable}`)).toMatch(/refused/);
  });
});
