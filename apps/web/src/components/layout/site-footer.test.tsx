import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiProviders } from '../../../test-utils/render'
import { stubShopInfo } from '../../../test-utils/shop-info'
import { SiteFooter } from './site-footer'

// React warns about act() outside a test environment it knows of.
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true })

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

function Footer() {
  return (
    <ApiProviders>
      <MemoryRouter>
        <SiteFooter />
      </MemoryRouter>
    </ApiProviders>
  )
}

describe('the footer on a page rendered by the server', () => {
  it('hydrates without a mismatch when the year has changed since the server rendered it', async () => {
    stubShopInfo()
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-12-31T23:59:00Z'))
    const container = document.createElement('div')
    container.innerHTML = renderToString(<Footer />)

    vi.setSystemTime(new Date('2027-01-01T00:01:00Z'))
    const recoverableErrors: unknown[] = []
    await act(async () => {
      hydrateRoot(container, <Footer />, { onRecoverableError: (error) => recoverableErrors.push(error) })
    })

    expect(recoverableErrors).toEqual([])
    expect(container.textContent).toContain('© 2026')
  })
})
