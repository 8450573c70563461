// The demo service data and its writers live in server/db/seeds/services.ts (they are queries); this name stays for
// server/repositories/sandboxCustomers.ts, which another part of the tree owns, until it imports from there.
export { copyDemoServiceData } from '../db/seeds/services';
