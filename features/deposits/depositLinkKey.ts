/**
 * What a deposit link names (deposits-and-transfers.md section 2), as one string. A link followed while its flow
 * is showing names something else, so the flow opens again with it (a link always wins over the draft); a change
 * of anything else in the address, such as a bank link's flag or the flow's own history entries, does not.
 * Nothing is imported here: the funding host in the first page's bundle uses it.
 */
export const depositLinkKey = (params: URLSearchParams) =>
  ['destination', 'account', 'frequency', 'dayOfWeek', 'flow', 'id'].map((name) => params.get(name) ?? '').join('|');
