import { SkipLink } from '@/components/skip-link'
import { FeatureCards } from '@/features/landing/components/feature-cards'
import { Hero } from '@/features/landing/components/hero'
import { Journey } from '@/features/landing/components/journey'
import { LandingFooter } from '@/features/landing/components/landing-footer'
import { LandingHeader } from '@/features/landing/components/landing-header'

export default function LandingPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <LandingHeader />
      {/* tabIndex lets the skip link move focus here; the outline would frame the whole page. */}
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        <Hero />
        <FeatureCards />
        <Journey />
      </main>
      <LandingFooter />
    </div>
  )
}
