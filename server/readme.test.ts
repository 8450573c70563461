import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiPaths } from '../api/contract';
import { DEMO_LOGINS, DEMO_PASSWORD } from './db/seed';

// The README is what people read first; it must not drift from the code.
const readme = readFileSync(join(__dirname, 'README.md'), 'utf8');

it('lists every demo login with its description and the demo password', () => {
  for (const { email, description } of DEMO_LOGINS) expect(readme).toContain(`| ${email} | ${description} |`);
  expect(readme).toContain(DEMO_PASSWORD);
});

it('lists every API path', () => {
  for (const path of Object.values(ApiPaths)) expect(readme).toContain(`\`${path}\``);
});
