import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import '@fontsource/cormorant-garamond/latin-600.css'
import './global.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app'

// After the shop is updated, an open tab may ask for chunks that no longer exist: reload once to get the new build.
const RELOADED_KEY = 'reloaded-for-new-build'
window.addEventListener('vite:preloadError', (event) => {
  if (sessionStorage.getItem(RELOADED_KEY)) return
  sessionStorage.setItem(RELOADED_KEY, '1')
  event.preventDefault()
  window.location.reload()
})
window.addEventListener('load', () => sessionStorage.removeItem(RELOADED_KEY))

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing from index.html')
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
