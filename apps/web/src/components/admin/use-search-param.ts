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
      (current) => {
        const next = new URLSearchParams(current)
        if (value) next.set(name, value)
        else next.delete(name)
        next.delete('page')
        return next
      },
      { replace: true },
    )
  return [params.get(name) ?? '', setValue]
}
