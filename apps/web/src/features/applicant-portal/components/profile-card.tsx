import type { Applicant } from '@hackathon/contract'

import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'

export function ProfileCard({ applicant }: { applicant: Applicant }) {
  const rows: readonly [string, string, string?][] = [
    ['Registration ID', applicant.registrationId, 'font-mono'],
    ['Email', applicant.email, 'break-all'],
    ['Mobile', applicant.mobile],
    ['College', applicant.collegeName],
    ['Course', applicant.course],
    ['Year of Graduation', applicant.yearOfGraduation],
  ]
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Your Profile</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm">
          {rows.map(([label, value, className]) => (
            <div key={label} className="grid gap-0.5">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className={className ?? 'break-words'}>{value || '—'}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  )
}
