import type { Kysely, Transaction } from 'kysely'
import type {
  AccountPolicyTable,
  AdminRecoveryCodesTable,
  AdminUsersTable,
  AuditLogTable,
  LoginChallengesTable,
  PasswordResetTokensTable,
  SessionsTable,
} from './auth/auth.table'
import type { CategoriesTable } from './categories/categories.table'
import type {
  CustomersTable,
  OrderStatusDaysTable,
  ProductSalesDaysTable,
  SalesDaysTable,
} from './dashboard/sales-summary.table'
import type {
  DiscountCodesTable,
  DiscountEmailUsesTable,
  ShippingMethodsTable,
  ShippingZonesTable,
  TaxRatesTable,
} from './money/money.table'
import type {
  CountersTable,
  OrderEventsTable,
  OrderItemsTable,
  OrderKeysTable,
  OrdersTable,
} from './orders/orders.table'
import type { OutboxTable } from './outbox/outbox.table'
import type {
  CardPaymentsTable,
  OrderPaymentsTable,
  PaymentMethodsTable,
  StripeEventsTable,
} from './payments/payments.table'
import type {
  ProductImagesTable,
  ProductSkusTable,
  ProductsTable,
  ProductVariantsTable,
} from './products/products.table'
import type { RateLimitsTable } from './rate-limits/rate-limits.table'
import type { ShopSettingsTable } from './settings/settings.table'
import type { TestimonialsTable } from './testimonials/testimonials.table'

export interface Database {
  categories: CategoriesTable
  products: ProductsTable
  product_images: ProductImagesTable
  product_variants: ProductVariantsTable
  product_skus: ProductSkusTable
  orders: OrdersTable
  order_items: OrderItemsTable
  counters: CountersTable
  testimonials: TestimonialsTable
  admin_users: AdminUsersTable
  sessions: SessionsTable
  password_reset_tokens: PasswordResetTokensTable
  rate_limits: RateLimitsTable
  order_keys: OrderKeysTable
  order_events: OrderEventsTable
  outbox: OutboxTable
  shop_settings: ShopSettingsTable
  sales_days: SalesDaysTable
  product_sales_days: ProductSalesDaysTable
  customers: CustomersTable
  order_status_days: OrderStatusDaysTable
  login_challenges: LoginChallengesTable
  admin_recovery_codes: AdminRecoveryCodesTable
  audit_log: AuditLogTable
  account_policy: AccountPolicyTable
  shipping_zones: ShippingZonesTable
  shipping_methods: ShippingMethodsTable
  tax_rates: TaxRatesTable
  discount_codes: DiscountCodesTable
  discount_email_uses: DiscountEmailUsesTable
  payment_methods: PaymentMethodsTable
  order_payments: OrderPaymentsTable
  card_payments: CardPaymentsTable
  stripe_events: StripeEventsTable
}

export type Db = Kysely<Database>
/** Repositories take either the database or a transaction, so services compose them in one transaction. */
export type Executor = Kysely<Database> | Transaction<Database>
