"""What a request or a socket message may send, each body declared once as a type
(toolkit/bodies.py): its keys, their schemas and how they are cleaned. The API's parse, the
refusal naming the field, the socket's reading and the OpenAPI document's bodies come from here."""
