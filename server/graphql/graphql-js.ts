import { createRequire } from 'node:module';
import type * as GraphqlJs from 'graphql';

/**
 * graphql-js as mercurius loads it, with require(). The package also ships an ES module build, which
 * a bundler-style resolver (the test runner's) would pick for an `import`: a second copy whose
 * classes fail graphql-js' own instanceof checks ("Cannot use GraphQLObjectType from another module
 * or realm"). Every runtime value from graphql-js in the server comes from here; types are imported
 * as usual.
 */
export const graphqlJs = createRequire(import.meta.url)('graphql') as typeof GraphqlJs;
