import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toastFailure } from '../../components/admin/toast-failure'
import { toast } from '../../components/toasts'
import { useTRPC } from '../../lib/trpc'
import { useRefreshShopData } from '../admin-shared/use-refresh-shop-data'

/**
 * After a money write: every admin answer, the catalog (the product page shows the free-shipping threshold) and the
 * shop's info (its currency) may have changed.
 */
function useRefreshMoney() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const refresh = useRefreshShopData()
  return () => Promise.all([refresh(), queryClient.invalidateQueries(trpc.shop.pathFilter())])
}

// --- The currency, the shop's country and the price basis ------------------------------------------------------

export function useMoneySettings() {
  const trpc = useTRPC()
  return useQuery(trpc.admin.money.get.queryOptions())
}

export function useSaveMoneySettings() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const refresh = useRefreshMoney()
  return useMutation(
    trpc.admin.money.update.mutationOptions({
      onSuccess: (settings) => {
        queryClient.setQueryData(trpc.admin.money.get.queryKey(), settings)
        toast({ title: 'Tax and currency saved', message: 'Quotes and the shop use the new settings now.' })
        return refresh()
      },
      onError: (error) => toastFailure('The tax and currency settings could not be saved.', error),
    }),
  )
}

// --- Shipping zones ------------------------------------------------------------------------------------------

export function useShippingZones() {
  const trpc = useTRPC()
  return useQuery(trpc.admin.shippingZones.list.queryOptions())
}

export function useCreateShippingZone() {
  const trpc = useTRPC()
  const refresh = useRefreshMoney()
  return useMutation(
    trpc.admin.shippingZones.create.mutationOptions({
      onSuccess: (zone) => {
        toast({ title: 'Shipping zone created', message: `'${zone.name}' has been created.` })
        return refresh()
      },
      onError: (error) => toastFailure('The shipping zone could not be created.', error),
    }),
  )
}

export function useUpdateShippingZone() {
  const trpc = useTRPC()
  const refresh = useRefreshMoney()
  return useMutation(
    trpc.admin.shippingZones.update.mutationOptions({
      onSuccess: (zone) => {
        toast({ title: 'Shipping zone updated', message: `'${zone.name}' has been updated.` })
        return refresh()
      },
      onError: (error) => toastFailure('The shipping zone could not be updated.', error),
    }),
  )
}

export function useDeleteShippingZone() {
  const trpc = useTRPC()
  const refresh = useRefreshMoney()
  return useMutation(
    trpc.admin.shippingZones.delete.mutationOptions({
      onSuccess: () => {
        toast({ title: 'Shipping zone deleted', message: 'The zone and its methods have been deleted.' })
        return refresh()
      },
      onError: (error) => toastFailure('The shipping zone could not be deleted.', error),
    }),
  )
}

// --- Tax rates -----------------------------------------------------------------------------------------------

export function useTaxRates() {
  const trpc = useTRPC()
  return useQuery(trpc.admin.taxRates.list.queryOptions())
}

export function useCreateTaxRate() {
  const trpc = useTRPC()
  const refresh = useRefreshMoney()
  return useMutation(
    trpc.admin.taxRates.create.mutationOptions({
      onSuccess: (rate) => {
        toast({ title: 'Tax rate created', message: `'${rate.name}' has been created.` })
        return refresh()
      },
      onError: (error) => toastFailure('The tax rate could not be created.', error),
    }),
  )
}

export function useUpdateTaxRate() {
  const trpc = useTRPC()
  const refresh = useRefreshMoney()
  return useMutation(
    trpc.admin.taxRates.update.mutationOptions({
      onSuccess: (rate) => {
        toast({ title: 'Tax rate updated', message: `'${rate.name}' has been updated.` })
        return refresh()
      },
      onError: (error) => toastFailure('The tax rate could not be updated.', error),
    }),
  )
}

export function useDeleteTaxRate() {
  const trpc = useTRPC()
  const refresh = useRefreshMoney()
  return useMutation(
    trpc.admin.taxRates.delete.mutationOptions({
      onSuccess: () => {
        toast({ title: 'Tax rate deleted', message: 'The tax rate has been deleted.' })
        return refresh()
      },
      onError: (error) => toastFailure('The tax rate could not be deleted.', error),
    }),
  )
}

// --- Discount codes ------------------------------------------------------------------------------------------

export function useDiscounts() {
  const trpc = useTRPC()
  return useQuery(trpc.admin.discounts.list.queryOptions())
}

export function useCreateDiscount() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return useMutation(
    trpc.admin.discounts.create.mutationOptions({
      onSuccess: (discount) => {
        toast({ title: 'Discount code created', message: `${discount.code} can be used at checkout now.` })
        return queryClient.invalidateQueries(trpc.admin.discounts.pathFilter())
      },
      onError: (error) => toastFailure('The discount code could not be created.', error),
    }),
  )
}

/** Edits a code; with only its active flag changed, this is the list's Deactivate or Activate. */
export function useUpdateDiscount() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return useMutation(
    trpc.admin.discounts.update.mutationOptions({
      onSuccess: (discount) => {
        toast({
          title: 'Discount code updated',
          message: discount.active
            ? `${discount.code} has been updated.`
            : `${discount.code} is inactive: checkout no longer accepts it.`,
        })
        return queryClient.invalidateQueries(trpc.admin.discounts.pathFilter())
      },
      onError: (error) => toastFailure('The discount code could not be saved.', error),
    }),
  )
}
