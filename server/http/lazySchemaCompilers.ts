import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

// Start-up on an existing database (issue 20): Fastify compiles every route's request validators (Ajv) and response
// serializers (fast-json-stringify) while the app starts, about 1.7 s of CPU for this API's ~130 routes, before the
// instance can answer /api/ready. Here the same compilers (Fastify's own defaults, with the same options) compile a
// schema when it is first needed instead; `compileRemainingSchemas` then compiles the rest in small slices once the
// server listens, so the first customers of a route do not pay for it either. Only the moment changes: each route
// gets the validator and serializer it would have had, and a broken schema still fails, on its first use (every
// route's schemas are compiled by the server suite: lazySchemaCompilers.test.ts).

type ValidatorFactory = ReturnType<typeof AjvCompiler>;
type SerializerFactory = ReturnType<typeof SerializerSelector>;
interface Validate {
  (data: unknown): unknown;
  errors?: unknown;
}

/** Compiles that have not run yet, oldest first, per app. */
export interface PendingCompiles {
  /** Compiles every schema not compiled yet; throws the first compile error. */
  compileAll: () => void;
  /** How many are still waiting. */
  readonly size: number;
  /** Compiles up to `count` of them. */
  compileSome: (count: number) => void;
}

function pendingList(): PendingCompiles & { add: (compile: () => void) => void; delete: (compile: () => void) => void } {
  const waiting = new Set<() => void>();
  return {
    add: (compile) => waiting.add(compile),
    delete: (compile) => waiting.delete(compile),
    get size() {
      return waiting.size;
    },
    compileSome(count) {
      for (const compile of [...waiting].slice(0, count)) compile();
    },
    compileAll() {
      for (const compile of [...waiting]) compile();
    },
  };
}

/**
 * Fastify's `schemaController.compilersFactory` with compile-on-first-use validators and serializers, and the list of
 * compiles still waiting.
 */
export function lazySchemaCompilers() {
  const pending = pendingList();
  const buildValidator: ValidatorFactory = AjvCompiler();
  const buildSerializer: SerializerFactory = SerializerSelector();

  /** A function that compiles on its first call (or when the pending list gets to it) and is the compiled one after. */
  function deferred<Compiled>(compile: () => Compiled) {
    let compiled: Compiled | undefined;
    const ensure = (): Compiled => {
      if (compiled) return compiled;
      compiled = compile();
      pending.delete(ensure);
      return compiled;
    };
    pending.add(ensure);
    return ensure;
  }

  return {
    pending: pending as PendingCompiles,
    compilersFactory: {
      buildValidator: ((externalSchemas, options) => {
        const compiler = buildValidator(externalSchemas, options);
        return (route: Parameters<typeof compiler>[0]) => {
          // Fastify lower-cases a headers schema's names only for its default compiler, not for a factory like this.
          const part = route as unknown as { httpPart?: string; method?: string; url?: string };
          if (part.httpPart === 'headers')
            throw new Error(
              `${part.method} ${part.url}: headers schemas are not supported by server/http/lazySchemaCompilers.ts (Fastify would not lower-case their names)`,
            );
          const ensure = deferred(() => compiler(route) as Validate);
          // Fastify reads `errors` off the function it was given after a false answer, as Ajv's own functions carry it.
          const validate: Validate = (data) => {
            const real = ensure();
            const valid = real(data);
            validate.errors = real.errors;
            return valid;
          };
          return validate;
        };
      }) as ValidatorFactory,
      buildSerializer: ((externalSchemas, options) => {
        const compiler = buildSerializer(externalSchemas, options);
        return (route: Parameters<typeof compiler>[0]) => {
          const ensure = deferred(() => compiler(route));
          return (doc: unknown) => ensure()(doc);
        };
      }) as SerializerFactory,
    },
  };
}

/**
 * Compiles what is still waiting a few at a time, yielding to requests in between, until none is left. Answers a
 * promise that settles when all are compiled (or `signal` stops it).
 */
export async function compileRemainingSchemas(
  pending: PendingCompiles,
  options: { perSlice?: number; signal?: AbortSignal } = {},
): Promise<void> {
  const perSlice = options.perSlice ?? 8;
  while (pending.size > 0 && !options.signal?.aborted) {
    pending.compileSome(perSlice);
    await new Promise((resolve) => setImmediate(resolve));
  }
}
