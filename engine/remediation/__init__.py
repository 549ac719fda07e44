"""What would make a file ready for release: generalisation hierarchies, transformations and
scenarios, information loss, and the search for the least-loss release meeting a target
(docs/methods.md, "Remediation")."""
