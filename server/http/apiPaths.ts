/** Path prefixes answered by the API (ours and the spec's); everything else belongs to the web app. */
export const API_PREFIXES = ['/api/', '/communityservice/', '/graphservice/'] as const;

export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

export function isApiPath(url: string): boolean {
  const path = pathOf(url);
  return API_PREFIXES.some((prefix) => path.startsWith(prefix) || path === prefix.slice(0, -1));
}
