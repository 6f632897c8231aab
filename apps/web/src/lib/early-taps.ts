/**
 * The taps and typing that src/early-taps.js held while the server's HTML was on the screen without its code, given
 * to React once it has hydrated the page (docs/decisions/0017): what was typed first, so that a tap on Add to Cart
 * sees the engraving typed before it, then each tap in order, as the visitor made them.
 */

interface HeldTap {
  kind: 'click' | 'submit'
  element: Element
  path: number[]
}

interface TypedField {
  element: Element
  value: string
  path: number[]
}

interface EarlyTaps {
  held(): number
  tapped(): boolean
  finish(): { taps: HeldTap[]; typed: TypedField[] }
}

declare global {
  interface Window {
    __shopEarlyTaps?: EarlyTaps
  }
}

/** The element itself, or the one standing where it stood should hydration have replaced it. */
function current(element: Element, path: number[]): Element | null {
  if (element.isConnected) return element
  let node: Element | null = document.getElementById('root')
  for (const index of path) node = node?.children[index] ?? null
  return node?.tagName === element.tagName ? node : null
}

/** The value setter of the field's own kind, below the one React puts on each field it tracks. */
function valueSetterOf(field: Element): ((value: string) => void) | undefined {
  const type = [HTMLInputElement, HTMLTextAreaElement, HTMLSelectElement].find((kind) => field instanceof kind)
  return type && Object.getOwnPropertyDescriptor(type.prototype, 'value')?.set
}

/**
 * Tells React a value it has not seen. React keeps the text the visitor typed in the field while it hydrates, but its
 * state still holds the server's value, and it notices a change only when the field's value differs from the last
 * one it recorded: so the value is first set through the field (which React records), then to what was typed
 * underneath it (which React does not), and the input event makes React read it.
 */
function enterValue(field: Element, value: string) {
  const setValue = valueSetterOf(field)
  if (!setValue) return
  const input = field as HTMLInputElement
  input.value = value === '' ? ' ' : ''
  setValue.call(field, value)
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }))
}

function replay(tap: HeldTap) {
  const element = current(tap.element, tap.path)
  if (!element) return
  if (tap.kind === 'click') {
    ;(element as HTMLElement).click()
    return
  }
  const form = element instanceof HTMLFormElement ? element : (element as HTMLButtonElement).form
  const submitter = element instanceof HTMLFormElement ? undefined : (element as HTMLButtonElement)
  form?.requestSubmit(submitter)
}

/**
 * Whether the visitor has tapped the page before its code ran: a tap it holds, or a popover the browser opened whose
 * contents (the cart's lines) come with the code. Either way the visitor is waiting for the code.
 */
export function hasTappedEarly(): boolean {
  return window.__shopEarlyTaps?.tapped() ?? false
}

/** Called once the page is hydrated (or rendered here): gives React what the visitor did before. */
export function replayEarlyTaps(): void {
  const early = window.__shopEarlyTaps
  if (!early) return
  window.__shopEarlyTaps = undefined
  const { taps, typed } = early.finish()
  for (const field of typed) {
    const element = current(field.element, field.path)
    if (element) enterValue(element, field.value)
  }
  for (const tap of taps) {
    tap.element.removeAttribute('data-tap-pending')
    replay(tap)
  }
}
