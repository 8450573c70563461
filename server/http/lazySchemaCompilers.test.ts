import Fastify from 'fastify';
import type { Kysely } from 'kysely';
import { ApiErrorCode, ApiPaths } from '../../api/contract';
import type { Database } from '../db/schema';
import { buildTestApp, createSeededTestDatabase, CSRF } from '../testing/testApp';
import { compileRemainingSchemas, lazySchemaCompilers } from './lazySchemaCompilers';

describe('route schemas compile on first use, not at start-up', () => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await createSeededTestDatabase();
  }, 60_000);
  afterAll(() => db.destroy());

  it('an app that is ready has compiled none of its route schemas yet, and every one of them compiles', async () => {
    const { app } = buildTestApp(db);
    await app.ready();
    const waiting = app.pendingSchemaCompiles.size;
    // About 130 routes with a body, params, query or response schema each.
    expect(waiting).toBeGreaterThan(100);
    // A schema that cannot compile fails here, as it would have failed Fastify's own start-up.
    app.pendingSchemaCompiles.compileAll();
    expect(app.pendingSchemaCompiles.size).toBe(0);
    await app.close();
  });

  it('a route validates and serializes as before: a bad body is refused with the field named, a good one answered by its schema', async () => {
    const { app } = buildTestApp(db);
    await app.ready();
    const refused = await app.inject({ method: 'POST', url: ApiPaths.login, headers: CSRF, payload: { email: 7, password: 'x' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errorCode: ApiErrorCode.VALIDATION });
    expect(refused.json<{ message: string }>().message).toMatch(/email/i);
    const health = await app.inject({ method: 'GET', url: ApiPaths.health });
    expect(health.statusCode).toBe(200);
    await app.close();
  });

  it('the rest compile in slices between requests until none is left', async () => {
    const { app } = buildTestApp(db);
    await app.ready();
    const before = app.pendingSchemaCompiles.size;
    let slices = 0;
    const counting = {
      ...app.pendingSchemaCompiles,
      get size() {
        return app.pendingSchemaCompiles.size;
      },
      compileSome: (count: number) => {
        slices += 1;
        app.pendingSchemaCompiles.compileSome(count);
      },
    };
    await compileRemainingSchemas(counting, { perSlice: 8 });
    expect(app.pendingSchemaCompiles.size).toBe(0);
    expect(slices).toBe(Math.ceil(before / 8));
    await app.close();
  });

  it('a schema that cannot compile fails its route on first use and the list that compiles the rest', async () => {
    const schemas = lazySchemaCompilers();
    const app = Fastify({ schemaController: { compilersFactory: schemas.compilersFactory } });
    app.post('/broken', { schema: { body: { type: 'object', properties: { a: { type: 'no-such-type' } } } } }, async () => ({ ok: true }));
    await app.ready();
    expect(schemas.pending.size).toBe(1);
    expect(() => schemas.pending.compileAll()).toThrow(/no-such-type|type/);
    await app.close();
  });

  it('refuses a headers schema (Fastify lower-cases header names only for its default compiler)', async () => {
    const schemas = lazySchemaCompilers();
    const app = Fastify({ schemaController: { compilersFactory: schemas.compilersFactory } });
    app.get('/with-headers', { schema: { headers: { type: 'object', properties: { 'X-Thing': { type: 'string' } } } } }, async () => ({
      ok: true,
    }));
    await expect(app.ready()).rejects.toThrow(/headers schemas are not supported/);
  });
});
