import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  createStaffInput,
  staffList,
  staffMember,
  staffProfileRequest,
  staffWithPassword,
  uuidParam,
} from '@hackathon/contract'
import { requireRole } from '../../plugins/auth.js'
import type { StaffService } from './staff.service.js'

export const staffRoutes: FastifyPluginAsyncZod<{ staff: StaffService }> = async (
  app,
  { staff },
) => {
  const tags = ['staff']
  const adminOnly = requireRole('admin')

  app.get(
    '/api/staff',
    {
      schema: { tags, summary: 'Every admin and jury member', response: { 200: staffList } },
      onRequest: adminOnly,
    },
    async () => ({ staff: await staff.list() }),
  )

  app.post(
    '/api/staff',
    {
      schema: {
        tags,
        summary: 'Add an admin or jury member',
        body: createStaffInput,
        response: { 201: staffWithPassword },
      },
      onRequest: adminOnly,
    },
    async (request, reply) => reply.code(201).send(await staff.create(request.body)),
  )

  app.patch(
    '/api/staff/:id',
    {
      schema: {
        tags,
        summary: "Set a jury member's declared affiliation (a college)",
        params: uuidParam,
        body: staffProfileRequest,
        response: { 200: staffMember },
      },
      onRequest: adminOnly,
    },
    async (request) => staff.setAffiliation(request.params.id, request.body.affiliation),
  )

  app.post(
    '/api/staff/:id/reset-password',
    {
      schema: {
        tags,
        summary: 'Generate a new password and end every session',
        params: uuidParam,
        response: { 200: staffWithPassword },
      },
      onRequest: adminOnly,
    },
    async (request) => staff.resetPassword(request.params.id),
  )

  app.post(
    '/api/staff/:id/deactivate',
    {
      schema: {
        tags,
        summary: 'Deactivate an account (not the last active admin)',
        params: uuidParam,
        response: { 200: staffMember },
      },
      onRequest: adminOnly,
    },
    async (request) => staff.deactivate(request.params.id),
  )

  app.post(
    '/api/staff/:id/activate',
    {
      schema: {
        tags,
        summary: 'Activate an account again',
        params: uuidParam,
        response: { 200: staffMember },
      },
      onRequest: adminOnly,
    },
    async (request) => staff.activate(request.params.id),
  )
}
