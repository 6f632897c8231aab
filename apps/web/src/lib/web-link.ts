/**
 * A link the shop may put in an href: an http(s) address, as the admin typed it. Anything else (javascript:, data:,
 * a bare word, a relative path) is shown as text, never as a link: the tracking link is typed by an admin, but it is
 * opened by buyers, and an older row or another client may hold what today's validation would refuse.
 */
export function webLinkOf(url: string | null | undefined): string | undefined {
  const trimmed = url?.trim()
  if (!trimmed || /\s/.test(trimmed)) return undefined
  try {
    const { protocol, hostname } = new URL(trimmed)
    return (protocol === 'http:' || protocol === 'https:') && hostname ? trimmed : undefined
  } catch {
    return undefined
  }
}
