"""The match service's domain layer by the part of a match's life each module serves
(see cardroom.services.match.app, which puts them together as MatchService)."""
