export { BlogListPage, BLOG_EMPTY } from './blog-list-page';
export { BlogPostPage } from './blog-post-page';
export { AdminPostsPage } from './admin-posts-page';
export { PostEditorPage } from './post-editor-page';
