import { api } from '../../api/baseApi';
import { ApiPaths, compareCodeUnits } from '../../api/contract/values';
import type { SandboxOutboxResponse } from '../../api/contract';

/**
 * The sandbox outbox (404 in live mode): the emails the server would have sent, so a demo or a test can open
 * the address-verification link without a mailbox. Injected here because only the debit-card flow reads it.
 */
export const sandboxOutboxApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSandboxOutbox: build.query<SandboxOutboxResponse['messages'], void>({
      query: () => ApiPaths.sandboxOutbox,
      transformResponse: (response: SandboxOutboxResponse) => response.messages,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetSandboxOutboxQuery } = sandboxOutboxApi;

/** The newest address-verification link in the outbox (it carries the auv token), or null. */
export function latestVerificationLink(messages: SandboxOutboxResponse['messages'] | undefined): string | null {
  const withToken = (messages ?? []).filter((message) => /[?&]auv=/.test(message.link));
  if (withToken.length === 0) return null;
  return [...withToken].sort((a, b) => compareCodeUnits(b.sentAt, a.sentAt))[0].link;
}
