// Starts the shop's code once the page has painted its server-rendered HTML, so that the code's download does not
// compete with the HTML, the stylesheet and the main image for the first paint (docs/decisions/0010). The chunks
// (data-chunks, each after the ones it imports, the entry last) are fetched together and run one by one, each in a
// task of its own, so that no single task holds the main thread for all of them. A hidden tab paints nothing: the
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
    document.head.append(link)
  }
  for (const href of chunks) {
    await import(href)
    await new Promise((resolve) => setTimeout(resolve))
  }
}

requestAnimationFrame(() => setTimeout(start))
setTimeout(start, 1000)
