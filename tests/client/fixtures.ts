// Plain objects in the API's shapes for the workflow's tests.
import type { Article, Channel } from '../../src/shared/schemas/content';
import type { Assembled, Publication, WorkflowData } from '../../src/client/features/workflow/types';
import { emptyWorkflowData } from '../../src/client/features/workflow/rules';
import type { UserDtoShape } from '../../src/shared/schemas/user';
import type { PlanType } from '../../src/shared/plans';

export function buildChannel(name: string): Channel {
  const slug = name.toLowerCase().replace(/\W+/g, '-');
  return {
    id: `ch-${slug}`,
    name,
    url: `https://${slug}.example/feed.xml`,
    description: '',
    quality: 'high',
    frequency: 'Daily',
    niche: 'tech',
    source: 'directory',
  };
}

export function buildArticle(channel: Channel, title: string, publishDate = '2026-11-20T10:00:00.000Z'): Article {
  const slug = title.toLowerCase().replace(/\W+/g, '-');
  return {
    id: `a-${slug}`,
    title,
    summary: `About ${title}.`,
    url: `https://${slug}.example/story`,
    publishDate,
    source: channel.name,
    channelUrl: channel.url,
    category: 'tech',
    readTime: '2 min read',
    aiEnhanced: false,
  };
}

export function buildWorkflowData(overrides: Partial<WorkflowData> = {}): WorkflowData {
  return { ...emptyWorkflowData(), newsletterName: 'Weekly Signal', selectedTheme: 'modern-minimal', ...overrides };
}

export function buildPublication(data: Partial<WorkflowData> = {}, currentStep = 4): Publication {
  const at = '2026-11-24T10:00:00.000Z';
  return {
    id: 'pub-test-0001',
    name: 'Weekly Signal',
    status: 'draft',
    currentStep,
    lastSaved: at,
    createdAt: at,
    updatedAt: at,
    workflowData: { ...buildWorkflowData(data), lastSaved: at },
  };
}

export function buildAssembled(subject: string): Assembled {
  return {
    html: `<p>${subject}</p>`,
    webHtml: `<p>${subject}</p>`,
    text: subject,
    subject,
    preview: subject,
    metadata: { articleCount: 1, wordCount: 100, estimatedReadTime: '1 min', theme: 'modern-minimal', htmlBytes: 1000, overGmailLimit: false },
  };
}

export function buildUser(plan: PlanType): UserDtoShape {
  const at = '2026-11-01T10:00:00.000Z';
  return {
    id: `user-${plan}`,
    name: 'Casey Writer',
    email: `casey-${plan}@example.test`,
    username: `casey-${plan}`,
    avatar: null,
    role: 'user',
    planType: plan,
    plan_type: plan,
    subscription: { plan },
    trialPlan: null,
    effectivePlan: plan,
    isAdmin: false,
    isStaff: false,
    createdAt: at,
    created_at: at,
    trialDaysLeft: null,
    emailVerified: true,
  };
}
