import { Text } from '@mantine/core'
import { IconRefresh, IconShieldCheck, IconTruckDelivery } from '@tabler/icons-react'
import classes from './product-assurances.module.css'

const ASSURANCES = [
  { icon: IconTruckDelivery, text: 'Free shipping on orders over $500' },
  { icon: IconRefresh, text: '30-day returns' },
  { icon: IconShieldCheck, text: '1-year warranty' },
]

export function ProductAssurances() {
  return (
    <ul className={classes.list}>
      {ASSURANCES.map(({ icon: Icon, text }) => (
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
