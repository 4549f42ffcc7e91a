// Starts Swagger UI on the document this server generates. A file, not an inline script: the CSP allows only 'self'.
window.ui = SwaggerUIBundle({
  url: 'openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  // The default validator badge loads an image from validator.swagger.io; nothing leaves this origin.
  validatorUrl: null,
  persistAuthorization: false,
})
