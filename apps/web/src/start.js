// Starts the shop's code once the browser has shown the server-rendered HTML (its first contentful paint), so that
// the code's download does not compete with the HTML, the stylesheet and the main image for the first paint
// (docs/decisions/0010). The chunks (data-chunks, each after the ones it imports, the entry last) are fetched
// together at low priority and run one by one, each in a task of its own, so that no single task holds the main
// thread for all of them. A page with nothing rendered (the admin) starts at once. A hidden tab paints nothing: the
// timer starts it there within a second.
const chunks = document.querySelector('script[data-chunks]')?.dataset.chunks?.split(' ') ?? []
let started = false

async function start() {
  if (started) return
  started = true
  for (const href of chunks) {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.href = href
    link.fetchPriority = 'low'
    document.head.append(link)
  }
  for (const href of chunks) {
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

if (document.getElementById('root')?.hasChildNodes()) afterFirstContentfulPaint(start)
else start()
setTimeout(start, 1000)
