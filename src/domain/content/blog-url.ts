/** A blog post's page path (the list's links, the server's sitemap). */
export const blogPostUrl = (post: Record<string, unknown>) => `/latest-news/${String(post.id)}/${String(post.slug)}`;
