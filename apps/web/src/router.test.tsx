import fs from 'node:fs'
import path from 'node:path'
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { type ComponentType, useState } from 'react'
import { Link, MemoryRouter, Outlet } from 'react-router-dom'
import { afterEach, describe, expect, it } from 'vitest'
import { render } from '../test-utils/render'
import { createClients } from './lib/clients'
import { type ShopRoute, usePreloadPageCode } from './lib/shop-route'
import { AppRoutes, createRoutes, pagePaths } from './router'

describe('pagePaths', () => {
  const paths = pagePaths(createRoutes(createClients()))

  it("lists every storefront page and every admin screen as the server's router writes them", () => {
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/category/:slug',
        '/product/:id',
        '/products',
        '/checkout',
        '/orders/:orderNumber',
        '/order-tracking',
        '/admin/login',
        '/admin/forgot-password',
        '/admin/reset-password',
        '/admin',
        '/admin/products/edit/:id',
        '/admin/orders/:id/invoice',
        '/admin/settings/tax',
      ]),
    )
  })

  it('leaves out the not-found catch-all, once each path', () => {
    expect(paths.some((path) => path.includes('*'))).toBe(false)
    expect(new Set(paths).size).toBe(paths.length)
    expect(paths.every((path) => path.startsWith('/') && !path.includes('//'))).toBe(true)
  })
})

describe('the storefront pages of a chunk of their own', () => {
  const storefront = createRoutes(createClients()).find((route) => route.id === 'storefront')
  const lazy = (storefront?.children ?? []).filter((route: ShopRoute) => typeof route.lazy === 'function')

  it("have the id of their module's name, which the build and the server find their files by", () => {
    expect(lazy.map((route) => route.id).sort()).toEqual(['checkout', 'guest-order', 'order-tracking', 'products'])
    for (const route of lazy) {
      const module = `./routes/storefront/${route.id}.page`
      expect(fs.existsSync(path.join(import.meta.dirname, `${module}.tsx`)), module).toBe(true)
      expect(String(route.lazy), `route ${route.id} loads ${module}`).toContain(module.slice(2))
    }
  })
})

/** A checkout with one field, which keeps what is typed in it while it stays mounted. */
function CheckoutPage() {
  const [typed, setTyped] = useState('')
  return <input aria-label="Full name" value={typed} onChange={(event) => setTyped(event.target.value)} />
}

/** A header with the cart's preload and a link to the checkout, on every page. */
function Shell() {
  const preload = usePreloadPageCode()
  return (
    <>
      <button type="button" onClick={() => preload('/checkout')}>
        Open cart
      </button>
      <Link to="/checkout">Checkout</Link>
      <Link to="/checkout?step=2">Next step</Link>
      <Outlet />
    </>
  )
}

describe("a page's code fetched ahead of the visit", () => {
  afterEach(cleanup)

  /** A lazy page whose code arrives when the test says so (to every request made so far), counting the requests. */
  function deferredPage() {
    const waiting: (() => void)[] = []
    const page = {
      requests: 0,
      arrive: () => {
        for (const resolve of waiting.splice(0)) resolve()
      },
    }
    const lazy = () => {
      page.requests += 1
      return new Promise<{ Component: ComponentType }>((resolve) => {
        waiting.push(() => resolve({ Component: CheckoutPage }))
      })
    }
    return { page, lazy }
  }

  function renderShop(lazy: ShopRoute['lazy']) {
    const routes: ShopRoute[] = [{ path: '/', Component: Shell, children: [{ path: 'checkout', lazy }] }]
    render(
      <MemoryRouter>
        <AppRoutes routes={routes} />
      </MemoryRouter>,
    )
  }

  it('opens the page at once, with no loader, once its code has come', async () => {
    const { page, lazy } = deferredPage()
    renderShop(lazy)
    fireEvent.click(screen.getByRole('button', { name: 'Open cart' }))
    expect(page.requests).toBe(1)
    await act(async () => page.arrive())

    fireEvent.click(screen.getByRole('link', { name: 'Checkout' }))

    expect(screen.getByRole('textbox', { name: 'Full name' })).toBeTruthy()
    expect(screen.queryByLabelText('Loading')).toBeNull()
  })

  it('keeps a page opened while its code was still coming, and what was typed in it', async () => {
    const { page, lazy } = deferredPage()
    renderShop(lazy)
    fireEvent.click(screen.getByRole('button', { name: 'Open cart' }))
    fireEvent.click(screen.getByRole('link', { name: 'Checkout' }))
    expect(screen.getByLabelText('Loading')).toBeTruthy()

    await act(async () => page.arrive())
    fireEvent.change(await screen.findByRole('textbox', { name: 'Full name' }), { target: { value: 'Agnes' } })
    // The preload's code came with the page's own; the page shown must not be swapped for it (it would start over)
    // when it renders again.
    fireEvent.click(screen.getByRole('link', { name: 'Next step' }))

    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveProperty('value', 'Agnes')
  })
})
