import { useLocation } from 'wouter'

import {
  ApplicantLayout,
  APPLICANT_DASHBOARD_PATH,
} from '@/features/applicant-portal/components/applicant-layout'
import { OtpLogin } from '@/features/applicant-portal/components/otp-login'

export default function ApplicantLoginPage() {
  const [, navigate] = useLocation()

  return (
    <ApplicantLayout access="signedOut">
      <OtpLogin onSignedIn={() => navigate(APPLICANT_DASHBOARD_PATH, { replace: true })} />
    </ApplicantLayout>
  )
}
