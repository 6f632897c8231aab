/**
 * The storefront's parts that load on first use (the cart drawer, the menu, the search, the toasts). A tap held
 * before the page's code ran (lib/early-taps.ts) loads them beside that code, so that the tap is answered when the
 * page is hydrated rather than one more round trip later.
 */
export const loadCartDrawer = () => import('../features/cart/cart-drawer')
export const loadMobileMenu = () => import('./layout/mobile-menu')
export const loadSearchDialog = () => import('../features/search/search-box')
export const loadToastRegion = () => import('./toast-region')

export function loadTappedChunks(): void {
  for (const load of [loadCartDrawer, loadMobileMenu, loadSearchDialog, loadToastRegion]) void load()
}
