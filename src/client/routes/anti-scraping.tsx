import { createFileRoute } from '@tanstack/react-router';
import { AntiScrapingPage } from '../features/demos/anti-scraping-page';
import { pageErrorView } from '../components/error-views';

export const Route = createFileRoute('/anti-scraping')({
  errorComponent: pageErrorView('Anti-Scraping Demo'),
  component: AntiScrapingPage,
});
