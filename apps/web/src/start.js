// Starts the shop's code once the browser has shown the server-rendered HTML (its first contentful paint), so that
// the code's download does not compete with the HTML, the stylesheet and the main image for the first paint
// (docs/decisions/0010). The chunks (data-chunks, each after the ones it imports, the entry last) are fetched
// together at low priority (high once a visitor has tapped) and run one by one, each in a task of its own, so that no single task holds the main
// thread for all of them. A page with nothing rendered (the admin) starts at once. A hidden tab paints nothing: the
// timer starts it there within a second.
const {
  chunks = '',
  tapChunks = '',
  tapStyles = '',
  pages = '{}',
} = document.querySelector('script[data-chunks]')?.dataset ?? {}
// A page with a chunk of its own (the checkout, order tracking, a guest's order, the search results): the server
// names it on #root, and its files come with the first chunks instead of one round trip after them.
const pageChunks = JSON.parse(pages)[document.getElementById('root')?.dataset.page ?? '']?.chunks ?? []
let started = false
// The code comes at low priority, after what the page shows; a visitor who has tapped is waiting for it.
let priority = 'low'

function preload(hrefs) {
  for (const href of hrefs.split(' ').filter(Boolean)) {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.href = href
    link.fetchPriority = priority
    document.head.append(link)
  }
}

async function start() {
  if (started) return
  started = true
  preload(chunks)
  preload(pageChunks.join(' '))
  for (const href of chunks.split(' ').filter(Boolean)) {
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
  for (const href of hrefs.split(' ').filter(Boolean)) {
    const link = document.createElement('link')
    link.rel = 'stylesheet'
    link.href = href
    document.head.append(link)
  }
}

// A tap held by early-taps.js cannot wait for the paint, and is answered by parts that otherwise load on first use
// (the cart drawer, the menu, the search): their file and stylesheet come beside the page's code.
// A tap made before this script ran was held already.
let isTapped = false
function onTap() {
  if (isTapped) return
  isTapped = true
  priority = 'high'
  void start()
  preload(tapChunks)
  addStyles(tapStyles)
}
window.addEventListener('shop:tap', onTap, { once: true })
if (window.__shopEarlyTaps?.held() > 0) onTap()
if (document.getElementById('root')?.hasChildNodes()) afterFirstContentfulPaint(start)
else start()
setTimeout(start, 1000)
