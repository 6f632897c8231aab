/** How the web app reaches the API: the browser's `fetch`, or, in the server renderer, a call into its own process. */
export type Transport = (url: string, init: RequestInit) => Promise<Response>

let transport: Transport = (url, init) => fetch(url, init)

/** Every API call of the web app (the REST link, paged reads, uploads) goes through here. */
export function apiTransport(url: string, init: RequestInit): Promise<Response> {
  return transport(url, init)
}

/** The server renderer answers the page's calls in process (entry-server.tsx); the browser never calls this. */
export function setTransport(next: Transport) {
  transport = next
}
