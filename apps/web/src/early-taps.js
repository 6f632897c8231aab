// Keeps the taps a visitor makes on a server-rendered page before its code has run, and hands them to the code
// once React has hydrated the page (lib/early-taps.ts replays them): a button that is painted works from the moment
// it is painted (docs/decisions/0017). Inlined at the top of <head> by vite.config.ts, so it listens before anything
// is painted; the server's CSP allows it by its hash. Links, forms with an action and buttons that open a popover work
// without it.
;(() => {
  const CONTROL =
    'button,[role="button"],[role="checkbox"],[role="radio"],[role="switch"],[role="tab"],input[type="checkbox"],input[type="radio"],summary'
  const taps = []
  const typed = new Map()
  let isDone = false
  // Whether the visitor has tapped a control before the code ran, held or not: then they wait for the code.
  let wasTapped = false

  const rootOf = (node) => {
    const root = document.getElementById('root')
    return root?.hasChildNodes() && node instanceof Element && root.contains(node) ? root : null
  }
  // Where the element stands under #root, to find it again should hydration replace it.
  const pathOf = (element, root) => {
    const path = []
    for (let node = element; node !== root; node = node.parentElement) {
      path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node))
    }
    return path
  }
  // The visitor waits for the code from now on (held or not), and the code may still be waiting for the first paint:
  // a tap asks for it now.
  const askForCode = () => {
    wasTapped = true
    window.dispatchEvent(new Event('shop:tap'))
  }
  const hold = (event, element, root, kind) => {
    event.preventDefault()
    event.stopPropagation()
    element.setAttribute('data-tap-pending', '')
    taps.push({ kind, element, path: pathOf(element, root) })
    askForCode()
  }

  const onClick = (event) => {
    if (isDone) return
    const control = event.target instanceof Element ? event.target.closest(CONTROL) : null
    const root = control && rootOf(control)
    if (!root || control.closest('a[href]')) return
    // A form with an action is sent by the browser (its server answers it): its submit button is left alone.
    if (control.type === 'submit' && control.form?.hasAttribute('action')) return
    // A button that opens a popover (the menu, the search, the cart) works without code; what the popover shows
    // once the code runs is asked for now.
    if (control.hasAttribute('popovertarget')) {
      askForCode()
      return
    }
    hold(event, control, root, 'click')
  }
  const onSubmit = (event) => {
    const form = event.target
    if (isDone || !(form instanceof HTMLFormElement)) return
    const root = rootOf(form)
    if (!root) return
    // A form with an action is sent by the browser until the page has hydrated, and React must not see it: while it
    // hydrates, it would take the submit with fields it has not yet been given (what was typed is handed over once it
    // is done) and cancel it, and the look-up would never be sent.
    if (form.hasAttribute('action')) event.stopPropagation()
    else hold(event, event.submitter ?? form, root, 'submit')
  }
  const onInput = (event) => {
    const field = event.target
    if (isDone || !rootOf(field) || !('value' in field) || field.type === 'checkbox' || field.type === 'radio') return
    typed.set(field, { value: field.value, path: pathOf(field, rootOf(field)) })
  }

  document.addEventListener('click', onClick, true)
  document.addEventListener('submit', onSubmit, true)
  document.addEventListener('input', onInput, true)
  document.addEventListener('change', onInput, true)

  window.__shopEarlyTaps = {
    /** How many taps wait for the code. */
    held: () => taps.length,
    /** Whether the visitor has tapped a control: one held, or a popover's button the browser answered. */
    tapped: () => wasTapped,
    /** Stops holding taps (React answers them from now on) and gives what was held, in order. */
    finish() {
      isDone = true
      document.removeEventListener('click', onClick, true)
      document.removeEventListener('submit', onSubmit, true)
      document.removeEventListener('input', onInput, true)
      document.removeEventListener('change', onInput, true)
      return { taps, typed: [...typed].map(([element, field]) => ({ element, ...field })) }
    },
  }
})()
