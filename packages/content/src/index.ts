export { IMAGE_PATH } from './image-path.ts';
export { type Content, ContentError, loadContent, PAGE_SLUGS, parsePageFile } from './load.ts';
export { contentRoutes } from './plugin.ts';
export { CONTENT_HTML_OPTIONS, sanitizeContentHtml } from './sanitize.ts';
export { typeDefs } from './schema.ts';
export {
  type ContentService,
  type ContentServiceOptions,
  createContentService,
  DEFAULT_DATA_DIR,
  type GraphQLAnswer,
} from './service.ts';
