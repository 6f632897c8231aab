// Starts the shop's code. Written into the page's <head> by the build (vite.config.ts), before the stylesheet, so it
// runs while the HTML is still arriving (docs/decisions/0023, 0035):
// - Right after the parser has asked for the stylesheet, the first chunks (data-chunks) are asked for as module
//   preloads at high priority: their wait for a first byte passes beside the stylesheet's instead of after the first
//   paint (docs/decisions/0025), and each chunk is fetched once, into the page's module map, whatever the browser's
//   cache does (0035). The browser compiles a chunk as it arrives; nothing runs it yet.
// - Once the server-rendered page has been painted (its first contentful paint), the first chunks (each after the
//   ones it imports, the entry last) are run one by one, each in a task of its own, so that no single task holds the
//   main thread for all of them. A page with nothing rendered (the admin) and a hidden tab, which paints nothing,
//   start at once.
const script = document.currentScript
const { chunks = '', tapChunks = '', tapStyles = '' } = script?.dataset ?? {}
const files = (hrefs) => hrefs.split(' ').filter(Boolean)
let started = false

const preloaded = new Set()

/** Asks for the files as modules, once each: the module loader takes them from the page's module map. */
function preload(hrefs) {
  for (const href of hrefs) {
    if (preloaded.has(href)) continue
    preloaded.add(href)
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.href = href
    // High, or the browser holds a request back behind the page's images even when the cache answers it.
    link.fetchPriority = 'high'
    document.head.append(link)
  }
}

// A page with a chunk of its own (the checkout, order tracking, a guest's order, the search results): the server
// lists its files on #root, and they come with the first chunks instead of one round trip after them.
function pageChunks() {
  return files(document.getElementById('root')?.dataset.chunks ?? '')
}

async function start() {
  if (started) return
  started = true
  preload(files(chunks))
  preload(pageChunks())
  for (const href of files(chunks)) {
    if (isTapped) return
    await import(href)
    await new Promise((resolve) => setTimeout(resolve))
  }
}

/**
 * Calls `callback` once the first contentful paint has reached the screen. The paint entry is reported when the frame
 * is shown, which can be well after the frame was drawn on the main thread (the next animation frame's timer fires
 * first); browsers without paint timing wait for that timer.
 */
function afterFirstContentfulPaint(callback) {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(() => setTimeout(callback))
    return
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return
    observer.disconnect()
    callback()
  })
  observer.observe({ type: 'paint', buffered: true })
}

// The stylesheets of the parts a tap opens, applied with their code: the build's loader then waits for no stylesheet
// when it runs that code (it uses one already on the page), and they style only those parts.
function addStyles(hrefs) {
  for (const href of hrefs) {
    const link = document.createElement('link')
    link.rel = 'stylesheet'
    link.href = href
    document.head.append(link)
  }
}

// A tap held by early-taps.js cannot wait for the paint, and is answered by parts that otherwise load on first use
// (the cart drawer, the toasts): their file and stylesheet come beside the page's code.
let isTapped = false
function onTap() {
  if (isTapped) return
  isTapped = true
  void start()
  // The visitor waits for all of the code now: the entry (the last chunk) brings every chunk it imports at once, in
  // one go, instead of one by one with a task between them. After a tap the browser keeps timers and loading tasks
  // waiting behind input (some hundred milliseconds on a slowed phone), and each such task would be one more wait.
  // (Its code reads the whole page: not before the HTML has been parsed.)
  const first = files(chunks)
  const runEntry = () => void import(first[first.length - 1])
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', runEntry)
  else runEntry()
  preload(files(tapChunks))
  addStyles(files(tapStyles))
}
window.addEventListener('shop:tap', onTap, { once: true })

// The parser goes on to the stylesheet's <link> once this script has run: the stylesheet is asked for first.
setTimeout(() => preload(files(chunks)))
document.addEventListener('DOMContentLoaded', () => {
  if (window.__shopEarlyTaps?.held() > 0) onTap()
  if (!document.getElementById('root')?.hasChildNodes() || document.visibilityState === 'hidden') void start()
  else afterFirstContentfulPaint(start)
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && start())
  // Should the paint never be reported, the page still starts.
  setTimeout(start, 5000)
})
