import { useEffect, useLayoutEffect, useRef } from 'react'
import { useLocation, useNavigationType } from 'react-router-dom'

const STORAGE_KEY = 'scroll-positions'

/** Where the visitor was on each page of the visit, by path; kept across a reload of the tab. */
const positions = new Map<string, number>()

function readPositions() {
  try {
    for (const [path, y] of JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]')) positions.set(path, y)
  } catch {
    // None kept, or not readable: every page opens at its top.
  }
}

/**
 * A new page opens at its top; going back or forward to a page returns to where the visitor was on it (by path).
 * The browser's own restoring is off while the app runs: it would scroll before React has rendered the page. The
 * first page is left where it is: the browser has restored it on a reload, and the visitor may have scrolled the
 * server's HTML before the code came.
 */
export function ScrollRestoration() {
  const { pathname, hash } = useLocation()
  const navigationType = useNavigationType()
  const isFirstPage = useRef(true)

  useEffect(() => {
    readPositions()
    window.history.scrollRestoration = 'manual'
    const remember = () => positions.set(window.location.pathname, window.scrollY)
    // Leaving the page (a reload, another site): the browser restores it again, from what it kept.
    const keep = () => {
      window.history.scrollRestoration = 'auto'
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions]))
    }
    window.addEventListener('scroll', remember, { passive: true })
    window.addEventListener('pagehide', keep)
    return () => {
      window.removeEventListener('scroll', remember)
      window.removeEventListener('pagehide', keep)
    }
  }, [])

  useLayoutEffect(() => {
    if (isFirstPage.current) {
      isFirstPage.current = false
    } else if (navigationType === 'POP') {
      window.scrollTo(0, positions.get(pathname) ?? 0)
    } else if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView()
    } else {
      window.scrollTo(0, 0)
    }
  }, [pathname, hash, navigationType])

  return null
}
