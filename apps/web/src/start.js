// Starts the shop's code (the script named by data-entry) once the page has painted its server-rendered HTML, so
// that the code's download does not compete with the HTML, the stylesheet and the main image for the first paint
// (docs/decisions/0010). A hidden tab paints nothing: the timer starts it there within a second.
const entry = document.querySelector('script[data-entry]')?.dataset.entry
let started = false
function start() {
  if (started || !entry) return
  started = true
  void import(entry)
}
requestAnimationFrame(() => setTimeout(start))
setTimeout(start, 1000)
