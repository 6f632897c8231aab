import './styles/mantine.css'
import '@fontsource/cormorant-garamond/latin-600.css'
import './global.css'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app'
import { createRouter } from './router'

// After the shop is updated, an open tab may ask for chunks that no longer exist: reload once to get the new build.
const RELOADED_KEY = 'reloaded-for-new-build'
window.addEventListener('vite:preloadError', (event) => {
  if (sessionStorage.getItem(RELOADED_KEY)) return
  sessionStorage.setItem(RELOADED_KEY, '1')
  event.preventDefault()
  window.location.reload()
})
window.addEventListener('load', () => sessionStorage.removeItem(RELOADED_KEY))

const container = document.getElementById('root')
if (!container) throw new Error('#root is missing from index.html')

// The start-up is cut into steps, each its own task, so that none holds the main thread long (Total Blocking Time):
// the router (whose route loaders start the page's requests), then React, whose first render is a transition that
// renders in slices of a few milliseconds.
setTimeout(() => {
  const router = createRouter()
  setTimeout(() => {
    const root = createRoot(container)
    startTransition(() => {
      root.render(
        <StrictMode>
          <App router={router} />
        </StrictMode>,
      )
    })
  })
})
