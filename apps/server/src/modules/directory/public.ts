// What other modules may use of the directory module (docs/decisions/0013): its listing rule,
// and the tags (only it writes the tags and who carries which).
export { isListed, isVendorListed, listedAddresses, listedVendorStamps } from './directory.service';
export {
  addProductTags,
  setTagsOfVendors,
  setVendorTags,
  tagChoices,
  tagIdsOf,
  tagNamesOf,
  tagsById,
} from './tags.service';
export { removeVendorTags } from './deletion.service';
