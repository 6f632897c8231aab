import { Text } from '@mantine/core'
import { IconRefresh, IconShieldCheck, IconTruckDelivery } from '@tabler/icons-react'
import classes from './product-assurances.module.css'

const ASSURANCES = [
  { icon: IconRefresh, text: '30-day returns' },
  { icon: IconShieldCheck, text: '1-year warranty' },
]

/**
 * The product page's promises. Free shipping names the threshold of the shop's own shipping zone ("$500", from
 * GET /api/shop) and is left out when there is none.
 */
export function ProductAssurances({ freeShippingOver }: { freeShippingOver?: string | undefined }) {
  const assurances = freeShippingOver
    ? [{ icon: IconTruckDelivery, text: `Free shipping on orders over ${freeShippingOver}` }, ...ASSURANCES]
    : ASSURANCES
  return (
    <ul className={classes.list}>
      {assurances.map(({ icon: Icon, text }) => (
        <li key={text} className={classes.item}>
          <Icon size={22} stroke={1.25} className={classes.icon} aria-hidden />
          <Text size="sm" c="ink.8">
            {text}
          </Text>
        </li>
      ))}
    </ul>
  )
}
