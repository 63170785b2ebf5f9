import { createFileRoute } from '@tanstack/react-router';
import { AntiScrapingPage } from '../features/demos/anti-scraping-page';

export const Route = createFileRoute('/anti-scraping')({
  component: AntiScrapingPage,
});
