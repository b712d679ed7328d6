import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  messageResponse,
  sendOtpInput,
  verifyOtpInput,
  verifyOtpResponse,
} from '@hackathon/contract'
import type { ApplicantAuthService } from './applicant-auth.service.js'

export const applicantAuthRoutes: FastifyPluginAsyncZod<{
  applicantAuth: ApplicantAuthService
}> = async (app, { applicantAuth }) => {
  const tags = ['applicant sign-in']

  app.post(
    '/api/applicant/send-otp',
    {
      schema: {
        tags,
        summary: 'Send a 6-digit sign-in code (the same answer for unknown identifiers)',
        body: sendOtpInput,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      await applicantAuth.requestCode(request.body.identifier, request.ip)
      return { message: applicantAuth.sentMessage }
    },
  )

  app.post(
    '/api/applicant/verify-otp',
    {
      schema: {
        tags,
        summary: 'Exchange the code for a bearer session token',
        body: verifyOtpInput,
        response: { 200: verifyOtpResponse },
      },
    },
    async (request) => applicantAuth.verify(request.body.identifier, request.body.otp, request.ip),
  )
}
