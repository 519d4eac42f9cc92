import { createFileRoute } from '@tanstack/react-router';
import { LandingPage } from '../features/landing/components/landing-page.tsx';

export const Route = createFileRoute('/')({
  head: () => ({ meta: [{ title: 'Your Beauty Salon: make-up, hairstyles and photoshoots' }] }),
  component: LandingPage,
});
