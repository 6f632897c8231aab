import { useEffect } from 'react'
import { useLocation, useSearchParams } from 'react-router-dom'

/**
 * The last query written and the address it was written on. The router re-renders in a transition, so a second
 * write before that render (one filter cleared, the next set in a row) would start from the address as last
 * rendered and bring the first change back; it starts from the last write instead while the rendered address
 * is still the one that write started from.
 */
let lastWrite: { from: string; to: URLSearchParams } | null = null

/**
 * A text kept in the URL's query (e.g. ?q=gold), so a filtered list can be shared, reloaded or gone back to.
 * Setting it replaces the history entry: each keystroke is not a page of its own. A new filter starts a paged
 * list at its first page (?page= is dropped).
 */
export function useSearchParam(name: string): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams()
  const rendered = `${useLocation().pathname}?${params}`
  useEffect(() => {
    // Once an address is rendered, it is the one to start from.
    if (lastWrite && lastWrite.from !== rendered) lastWrite = null
  }, [rendered])
  const setValue = (value: string) => {
    const next = new URLSearchParams(lastWrite?.from === rendered ? lastWrite.to : params)
    if (value) next.set(name, value)
    else next.delete(name)
    next.delete('page')
    lastWrite = { from: rendered, to: next }
    setParams(next, { replace: true })
  }
  return [params.get(name) ?? '', setValue]
}
