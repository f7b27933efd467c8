// azurite-embed.js: the one script a page includes to get <azurite-board> elements.
//
//   <script type="module" src="https://example.org/azurite/azurite-embed.js"></script>
//   <azurite-board mode="play" level="casual"></azurite-board>
//
// See docs/embed.md for every attribute, property and event.

import { AzuriteBoard } from './board-element.js';

if (!customElements.get('azurite-board')) customElements.define('azurite-board', AzuriteBoard);

export { AzuriteBoard };
