// Placeholder page until the storefront lands: shows the shop's name from the API.
const heading = document.getElementById('shop-name')

fetch('/api/shop')
  .then((response) => (response.ok ? response.json() : null))
  .then((shop: { name?: string } | null) => {
    if (heading && shop?.name) {
      heading.textContent = shop.name
      document.title = shop.name
    }
  })
  .catch(() => {})
