import { useSearchParams } from 'react-router-dom'

/**
 * A text kept in the URL's query (e.g. ?q=gold), so a filtered list can be shared, reloaded or gone back to.
 * Setting it replaces the history entry: each keystroke is not a page of its own. A new filter starts a paged
 * list at its first page (?page= is dropped).
 */
export function useSearchParam(name: string): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams()
  const setValue = (value: string) =>
    setParams(
      () => {
        // The address as it is now, not as this component last rendered it: the router re-renders in a transition,
        // so two writes in a row (one filter cleared, the next set) would otherwise bring the first one back.
        const next = new URLSearchParams(window.location.search)
        if (value) next.set(name, value)
        else next.delete(name)
        next.delete('page')
        return next
      },
      { replace: true },
    )
  return [params.get(name) ?? '', setValue]
}
