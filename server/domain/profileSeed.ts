// The demo profile data and its writers live in server/db/seeds/profile.ts (they are queries); this name stays for
// server/repositories/sandboxCustomers.ts, which another part of the tree owns, until it imports from there.
export { copyDemoProfileData } from '../db/seeds/profile';
