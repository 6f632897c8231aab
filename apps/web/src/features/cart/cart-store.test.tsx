import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { CART_STORAGE_KEY } from './cart'
import { cartStore, useCart } from './cart-store'

let renders = 0
function CartCount() {
  renders += 1
  return <span>{useCart().itemCount}</span>
}

// React warns about act() outside a test environment it knows of.
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true })

afterEach(() => {
  act(() => cartStore.clear())
  localStorage.removeItem(CART_STORAGE_KEY)
})

/** Renders as the server does, then hydrates that HTML as the browser does; the renders counted are the browser's. */
async function hydrate() {
  const container = document.createElement('div')
  container.innerHTML = renderToString(<CartCount />)
  renders = 0
  await act(async () => {
    hydrateRoot(container, <CartCount />)
  })
  return container
}

describe('the cart on a page rendered by the server', () => {
  it('hydrates an empty cart in one render (the server also rendered it empty)', async () => {
    act(() => cartStore.clear())
    const container = await hydrate()
    expect(container.textContent).toBe('0')
    expect(renders).toBe(1)
  })

  it('shows the stored cart right after hydrating', async () => {
    act(() =>
      cartStore.add({
        id: 1,
        name: 'Gold Cross Necklace',
        price: 8900,
        quantity: 2,
        imageUrl: '',
        sku: 'GCN-1',
        stock: 10,
      }),
    )
    const container = await hydrate()
    expect(container.textContent).toBe('2')
  })
})
