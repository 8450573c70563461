import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { API_QUERY_SCHEMAS } from '../../api/contract/queryParameters';
import { ApiPaths } from '../../api/contract/routes';

// The server refuses a query parameter a route does not declare (400 VALIDATION_FAILED), so the web app must
// never send one. The unit suites' mock server answers whatever the app asks, so it would not notice: this check
// holds each request the app makes to the contract's table of query parameters (API_QUERY_SCHEMAS), the same
// table the server's routes are held to.

const API_PREFIXES = ['/api/', '/communityservice/', '/graphservice/'];

/** Each contract path as a pattern (a :param matches one segment). */
const TEMPLATES = Object.values(ApiPaths).map((template) => ({
  template,
  pattern: new RegExp(`^${template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}$`),
}));

const ajv = new Ajv({ removeAdditional: false, coerceTypes: false, useDefaults: false, allErrors: true, strict: false });
addFormats(ajv);
const validators = new Map<string, ValidateFunction>();
const validatorFor = (key: string): ValidateFunction => {
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(API_QUERY_SCHEMAS[key]);
    validators.set(key, validate);
  }
  return validate;
};

/** What is wrong with the query string of a request the app sent, or null (also for paths outside the API). */
export function undeclaredQueryProblem(method: string, url: string): string | null {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  if (!API_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return null;
  const templates = TEMPLATES.filter(({ pattern }) => pattern.test(pathname)).map(({ template }) => template);
  if (templates.length === 0) return null;
  const names = [...new Set(searchParams.keys())];
  const key = templates.map((template) => `${method.toUpperCase()} ${template}`).find((candidate) => candidate in API_QUERY_SCHEMAS);
  if (key === undefined)
    return names.length === 0
      ? null
      : `${method} ${pathname} sends ${names.map((name) => `"${name}"`).join(', ')}, but the route takes no query parameters`;
  const declared = Object.keys(API_QUERY_SCHEMAS[key].properties);
  const unknown = names.filter((name) => !declared.includes(name));
  if (unknown.length > 0)
    return `${method} ${pathname} sends ${unknown.map((name) => `"${name}"`).join(', ')}, which the route does not declare (it takes ${declared.join(', ')})`;
  const values: Record<string, string | string[]> = {};
  for (const name of names) {
    const all = searchParams.getAll(name);
    values[name] = all.length === 1 ? all[0] : all;
  }
  const validate = validatorFor(key);
  if (!validate(values))
    return `${method} ${pathname}${new URL(url, 'http://localhost').search} is refused by the route's query schema: ${ajv.errorsText(validate.errors)}`;
  return null;
}
