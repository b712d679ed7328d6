import { ScreenPlaceholder } from '@/components/screen-placeholder'

export default function RoundsPage() {
  return <ScreenPlaceholder title="Competition Rounds" />
}
