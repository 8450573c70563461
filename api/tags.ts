import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { TAG_TYPES } from './baseApi';

/**
 * Cache tags, written one way in every api file.
 *
 * - A query that returns a collection provides `listTag(type)` and an `idTag` per item (`listTags`); a query of one
 *   thing provides its `idTag` (or a named id such as 'LIMITS').
 * - A mutation invalidates through `unlessRefused`: after it succeeded, and after an answer that never came (the
 *   connection dropped, it timed out, the server failed), since the change may have been made all the same; not
 *   after a refusal (a 4xx answer with its errorCode), which changed nothing on the server and is already on screen.
 *   Metabase's helpers skip every failure; ours refetch after a lost answer, so a retry starts from the truth.
 * - A mutation whose refusal can still mean the screen is out of date invalidates through `always`, with the
 *   reason written next to it: a money movement (a limit refusal means the figures on screen were old) or a check
 *   that counts wrong attempts.
 */
export type TagType = (typeof TAG_TYPES)[number];
export interface Tag {
  type: TagType;
  id: string;
}

export const listTag = <T extends TagType>(type: T) => ({ type, id: 'LIST' }) as const;
export const idTag = <T extends TagType>(type: T, id: string) => ({ type, id });

/** A collection's tags: the list, and each item by id (an entity state's `ids`, or the items' own ids). */
export function listTags<T extends TagType>(type: T, ids: readonly string[] | undefined): Tag[] {
  return [listTag(type), ...(ids ?? []).map((id) => idTag(type, id))];
}

type Tags<Result, Arg> = readonly (Tag | TagType)[] | ((result: Result, arg: Arg) => readonly (Tag | TagType)[]);
const tagsOf = <Result, Arg>(tags: Tags<Result, Arg>, result: Result, arg: Arg) => [
  ...(typeof tags === 'function' ? tags(result, arg) : tags),
];

/** A 4xx answer: the server looked at the request and refused it, so nothing changed. */
const isRefusal = (error: unknown) => {
  const status = (error as FetchBaseQueryError | undefined)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
};

/** Invalidates `tags` unless the server refused the mutation (see the comment at the top). */
export function unlessRefused<Result, Arg>(tags: Tags<Result | undefined, Arg>) {
  return (result: Result | undefined, error: unknown, arg: Arg): (Tag | TagType)[] => (isRefusal(error) ? [] : tagsOf(tags, result, arg));
}

/** Invalidates `tags` whatever the answer (say why where it is used: see the comment at the top). */
export function always<Result, Arg>(tags: Tags<Result | undefined, Arg>) {
  return (result: Result | undefined, _error: unknown, arg: Arg): (Tag | TagType)[] => tagsOf(tags, result, arg);
}
