import { useQuery } from '@tanstack/react-query';
import { blogList, blogPost, cmsPageByIdentifier } from '../catalog/catalog-api';

/** CMS pages and blog posts; read from the server until the local `content` collection has hooks. */
export const useCmsPage = (identifier: string) => useQuery({ queryKey: ['cms-page', identifier], queryFn: () => cmsPageByIdentifier(identifier), retry: false });
export const useBlogList = () => useQuery({ queryKey: ['blog-list'], queryFn: blogList });
export const useBlogPost = (id: string) => useQuery({ queryKey: ['blog-post', id], queryFn: () => blogPost(id), retry: false });
