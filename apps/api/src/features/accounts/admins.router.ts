import {
  ZAccountPolicy,
  ZAdminAccount,
  ZAuditEntry,
  ZAuditListInput,
  ZCreateAdminInput,
  ZCreateAdminResult,
  ZUpdateAdminInput,
} from '@shop/schema/accounts'
import { ZMessage } from '@shop/schema/auth'
import { ZIdInput } from '@shop/schema/common'
import { z } from 'zod'
import { adminProcedure, paged, route, router } from '../../trpc/init'
import { actorOf } from './account.service'
import * as admins from './admins.service'

// Owner-only: the route table marks these `owner`, and the auth hook refuses anyone else with 403.
export const adminAdminsRouter = router({
  list: adminProcedure
    .meta(route('admin.admins.list'))
    .input(z.void())
    .output(z.array(ZAdminAccount))
    .query(({ ctx }) => admins.listAdmins(ctx.db)),
  create: adminProcedure
    .meta(route('admin.admins.create'))
    .input(ZCreateAdminInput)
    .output(ZCreateAdminResult)
    .mutation(({ ctx, input }) => admins.createAdmin(ctx, actorOf(ctx.admin, ctx.request.ip), input)),
  update: adminProcedure
    .meta(route('admin.admins.update'))
    .input(ZUpdateAdminInput)
    .output(ZAdminAccount)
    .mutation(({ ctx, input }) => admins.updateAdmin(ctx.db, actorOf(ctx.admin, ctx.request.ip), input)),
  delete: adminProcedure
    .meta(route('admin.admins.delete'))
    .input(ZIdInput)
    .output(ZMessage)
    .mutation(async ({ ctx, input }) => {
      await admins.deleteAdmin(ctx.db, actorOf(ctx.admin, ctx.request.ip), input.id)
      return { message: 'Admin deleted' }
    }),
})

export const adminAccountPolicyRouter = router({
  get: adminProcedure
    .meta(route('admin.accountPolicy.get'))
    .input(z.void())
    .output(ZAccountPolicy)
    .query(({ ctx }) => admins.getAccountPolicy(ctx.db)),
  update: adminProcedure
    .meta(route('admin.accountPolicy.update'))
    .input(ZAccountPolicy)
    .output(ZAccountPolicy)
    .mutation(({ ctx, input }) => admins.updateAccountPolicy(ctx.db, actorOf(ctx.admin, ctx.request.ip), input)),
})

export const adminAuditRouter = router({
  list: adminProcedure
    .meta(route('admin.audit.list'))
    .input(ZAuditListInput)
    .output(z.array(ZAuditEntry))
    .query(paged(({ ctx, input }) => admins.listAuditEntries(ctx.db, input))),
})
