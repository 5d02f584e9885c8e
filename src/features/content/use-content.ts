import { queryOptions, useQuery } from '@tanstack/react-query';
import { blogList, blogPost, cmsPageByIdentifier } from '../catalog/catalog-api';

/** CMS pages and blog posts; read from the server until the local `content` collection has hooks. */
export const cmsPageQuery = (identifier: string) => queryOptions({ queryKey: ['cms-page', identifier], queryFn: () => cmsPageByIdentifier(identifier), retry: false });
export const blogListQuery = () => queryOptions({ queryKey: ['blog-list'], queryFn: blogList });
export const blogPostQuery = (id: string) => queryOptions({ queryKey: ['blog-post', id], queryFn: () => blogPost(id), retry: false });

export const useCmsPage = (identifier: string) => useQuery(cmsPageQuery(identifier));
export const useBlogList = () => useQuery(blogListQuery());
export const useBlogPost = (id: string) => useQuery(blogPostQuery(id));
